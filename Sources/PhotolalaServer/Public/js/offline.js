/**
 * The "not reachable" page's retries: every few seconds it asks the server for its sources (a
 * request the service worker never answers from its cache), and opens the page that was asked
 * for as soon as the server answers anything, a refusal for a missing token included.
 */

const RETRY_SECONDS = 3;
const status = document.querySelector('[data-testid="offline-status"]');
let timer = 0;

async function check() {
  clearTimeout(timer);
  status.textContent = 'Trying to reach it…';
  try {
    await fetch('api/sources', { cache: 'no-store' });
    location.reload();
    return;
  } catch {
    // Not answering yet.
  }
  let left = RETRY_SECONDS;
  const tick = () => {
    status.textContent = `Not answering. Retrying in ${left} s…`;
    left -= 1;
    timer = left < 0 ? setTimeout(check, 0) : setTimeout(tick, 1000);
  };
  tick();
}

document.querySelector('[data-testid="offline-retry"]').addEventListener('click', check);
check();
