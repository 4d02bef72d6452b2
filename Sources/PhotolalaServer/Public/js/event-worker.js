/**
 * The one event stream of this server's origin, shared by every tab (a SharedWorker). Chromium
 * allows six HTTP/1.1 connections per host, and a server-sent-events stream keeps one of them
 * for good: with a stream per tab, six tabs would leave none for thumbnails. The worker opens
 * `api/events` once and forwards each event to every tab's port as `{type: 'event', name, data}`,
 * and the stream's state as `{type: 'connection', connected}`. A tab that stops listening says
 * `close`; the worker, and with it the stream, ends with the last tab.
 */

import { EVENT_TYPES } from './event-types.js';

const RETRY_MS = 3000;
const ports = new Set();
let stream = null;
let connected = false;
let retry = 0;

function broadcast(message) {
  for (const port of ports) port.postMessage(message);
}

/**
 * Opens the stream. EventSource reconnects by itself after a network error; after an HTTP error it
 * gives up, so this reopens it after a pause.
 */
function open() {
  stream = new EventSource(new URL('../api/events', self.location.href));
  stream.addEventListener('open', () => {
    connected = true;
    broadcast({ type: 'connection', connected });
  });
  stream.addEventListener('error', () => {
    connected = false;
    broadcast({ type: 'connection', connected });
    if (stream.readyState === EventSource.CLOSED && ports.size > 0) retry = setTimeout(open, RETRY_MS);
  });
  for (const name of EVENT_TYPES) {
    stream.addEventListener(name, (event) => broadcast({ type: 'event', name, data: event.data }));
  }
}

function close() {
  clearTimeout(retry);
  stream?.close();
  stream = null;
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
  if (stream == null) open();
  else if (connected) port.postMessage({ type: 'connection', connected });
});
