/**
 * The server's stream of named events (`api/events`), opened by the worker that shares it among
 * the tabs, or by a tab alone where there is no SharedWorker.
 */

/** Every event type: an EventSource delivers only the types someone listens to. */
const EVENT_TYPES = ['change', 'listing', 'folder', 'closed', 'backup', 'verify', 'badges', 'cloud-sync', 'restore', 'sources', 'indexing', 'albums'];
/** The pause before opening a stream the server refused again: doubling from 1 s up to 10 s. */
const RETRY_MS = [1000, 2000, 4000, 8000, 10000];

/**
 * Opens the stream at `url`, calling `deliver(name, data)` for each event and
 * `onConnection(connected)` as it connects and drops; returns a function that closes it.
 * EventSource reconnects by itself after a network error; after an HTTP error (a server shutting
 * down or starting up) it gives up, so this opens it again, after a pause that grows with each
 * failure and starts again from the shortest once connected.
 */
export function openEventStream(url, deliver, onConnection) {
  let stream = null;
  let retry = 0;
  let failures = 0;
  let stopped = false;
  const open = () => {
    stream = new EventSource(url);
    stream.addEventListener('open', () => {
      failures = 0;
      onConnection(true);
    });
    stream.addEventListener('error', () => {
      onConnection(false);
      if (stream.readyState !== EventSource.CLOSED || stopped) return;
      retry = setTimeout(open, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      failures += 1;
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
