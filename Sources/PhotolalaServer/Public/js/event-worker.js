/**
 * The one event stream of this server's origin, shared by every tab (a SharedWorker). Chromium
 * allows six HTTP/1.1 connections per host, and a server-sent-events stream keeps one of them
 * for good: with a stream per tab, six tabs would leave none for thumbnails. The worker opens
 * `api/events` once and forwards each event to every tab's port as `{type: 'event', name, data}`,
 * and the stream's state as `{type: 'connection', connected}`. A tab that stops listening says
 * `close`; the worker, and with it the stream, ends with the last tab.
 */

import { openEventStream } from './event-stream.js';

const ports = new Set();
let stop = null;
let connected = false;

function broadcast(message) {
  for (const port of ports) port.postMessage(message);
}

function open() {
  stop = openEventStream(
    new URL('../api/events', self.location.href),
    (name, data) => broadcast({ type: 'event', name, data }),
    (isConnected) => {
      connected = isConnected;
      broadcast({ type: 'connection', connected });
    },
  );
}

function close() {
  stop?.();
  stop = null;
  connected = false;
}

self.addEventListener('connect', (event) => {
  const port = event.ports[0];
  ports.add(port);
  port.addEventListener('message', (message) => {
    if (message.data !== 'close') return;
    ports.delete(port);
    if (ports.size === 0) close();
  });
  port.start();
  if (stop == null) open();
  else if (connected) port.postMessage({ type: 'connection', connected });
});
