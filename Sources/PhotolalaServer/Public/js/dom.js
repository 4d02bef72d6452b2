/**
 * Tiny DOM helpers, so components build their markup in code without a framework.
 */

/**
 * Creates an element. Props named `class`, `text` and `on<event>` are special; `dataset` takes an
 * object; `null`, `undefined` and `false` props are skipped; everything else becomes an attribute.
 *
 *     el('button', { class: 'tool', 'aria-label': 'Zoom in', onclick: zoomIn }, '+')
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name === 'html') node.innerHTML = value;
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.flat().filter((child) => child != null && child !== false));
  return node;
}

/** Removes every child of `node`. */
export function clear(node) {
  node.replaceChildren();
}

/** Whether a key event should leave the page alone because the user is typing or choosing. */
export function isEditing(event) {
  const target = event.target;
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** The platform's command modifier: ⌘ on macOS, Ctrl elsewhere. */
export function hasCommandKey(event) {
  return event.metaKey || event.ctrlKey;
}
