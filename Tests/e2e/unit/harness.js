/**
 * A tiny test harness for the web UI's pure modules, run in Chromium by test_unit_modules.py:
 * `load(file)` imports a test file, whose `test(name, body)` calls register its tests; `run()`
 * runs them all and resolves to `[{file, name, error}]` (error null when it passed). No npm:
 * the page imports the modules as the web UI does.
 */

const tests = [];
let loading = null;

/** Imports `<file>.test.js`, its tests registered under `file`. */
export async function load(file) {
  loading = file;
  await import(`./${file}.test.js`);
  loading = null;
}

export function test(name, body) {
  tests.push({ file: loading, name, body });
}

/** Fails the running test with `message` unless `condition` holds. */
export function assert(condition, message = 'Assertion failed') {
  if (!condition) throw new Error(message);
}

/** Fails unless `actual` and `expected` are the same (by value: arrays and plain objects compared as JSON). */
export function equal(actual, expected, message = '') {
  const [left, right] = [JSON.stringify(actual), JSON.stringify(expected)];
  if (left !== right) throw new Error(`${message ? `${message}: ` : ''}expected ${right}, got ${left}`);
}

export async function run() {
  const results = [];
  for (const { file, name, body } of tests) {
    try {
      await body();
      results.push({ file, name, error: null });
    } catch (error) {
      results.push({ file, name, error: String(error?.stack ?? error) });
    }
  }
  return results;
}
