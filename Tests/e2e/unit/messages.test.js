import { initialState } from '../js/app-state.js';
import { MessagesController } from '../js/controllers/messages.js';
import { Store } from '../js/store.js';
import { equal, test } from './harness.js';
import { photoList } from './photos.js';

/** A store with a MessagesController drawing into a grid that records each message it is given. */
function watched() {
  const store = new Store(initialState('date-asc'));
  const shown = [];
  const app = document.createElement('div');
  new MessagesController({ store, grid: { setMessage: (text) => shown.push(text) }, app, panel: null, toolbar: null });
  return { store, shown, app };
}

test('the grid message follows the store, drawn once per change of text', () => {
  const { store, shown } = watched();
  store.set({ source: { id: 'local-0' }, folder: '~', progress: { count: 0, complete: false } });
  store.set({ progress: { count: 0, complete: false } });
  store.set({ progress: { count: 0, complete: true } });
  store.state.list.upsert(photoList([['a.jpg', '2024-06-01T12:00:00Z']]).items);
  store.changed('list');
  equal(shown, ['Loading photos…', 'No photos in this folder.', null]);
});

test('an error takes the empty grid’s place', () => {
  const { store, shown } = watched();
  store.set({ error: 'Folder “Trips” not found.' });
  equal(shown, ['Folder “Trips” not found.']);
});

test('a folder of folders alone gives its tiles the room; one with photos, or still listing, does not', () => {
  const { store, app } = watched();
  const info = { kind: 'folder', folders: [{ id: 'MjAyNA', name: '2024' }] };
  store.set({ source: { id: 'local-0' }, folder: '~', info, progress: { count: 0, complete: false } });
  equal(app.classList.contains('has-only-folders'), false);
  store.set({ progress: { count: 0, complete: true } });
  equal(app.classList.contains('has-only-folders'), true);
  store.state.list.upsert(photoList([['a.jpg', '2024-06-01T12:00:00Z']]).items);
  store.changed('list');
  equal(app.classList.contains('has-only-folders'), false);
});
