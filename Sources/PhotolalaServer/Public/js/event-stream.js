/**
 * The server's stream of named events (`api/events`), opened by the worker that shares it among
 * the tabs, or by a tab alone where there is no SharedWorker.
 */

/** Every event type: an EventSource delivers only the types someone listens to. */
const EVENT_TYPES = ['change', 'listing', 'folder', 'closed', 'backup', 'badges', 'cloud-sync', 'restore'];
const RETRY_MS = 3000;

/**
 * Opens the stream at `url`, calling `deliver(name, data)` for each event and
 * `onConnection(connected)` as it connects and drops; returns a function that closes it.
 * EventSource reconnects by itself after a network error; after an HTTP error it gives up, so
 * this opens it again after a pause.
 */
export function openEventStream(url, deliver, onConnection) {
  let stream = null;
  let retry = 0;
  let stopped = false;
  const open = () => {
    stream = new EventSource(url);
    stream.addEventListener('open', () => onConnection(true));
    stream.addEventListener('error', () => {
      onConnection(false);
      if (stream.readyState === EventSource.CLOSED && !stopped) retry = setTimeout(open, RETRY_MS);
    });
    for (const name of EVENT_TYPES) stream.addEventListener(name, (event) => deliver(name, event.data));
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    stream.close();
  };
}
