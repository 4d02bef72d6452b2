/**
 * The named events of the server's stream (`api/events`), shared by the page and the worker that
 * owns the stream: an EventSource delivers only the event types someone listens to.
 */
export const EVENT_TYPES = Object.freeze(['change', 'listing', 'folder', 'closed', 'backup', 'badges', 'cloud-sync', 'restore']);
