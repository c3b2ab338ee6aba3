/**
 * The page's elements. Every node is built with textContent, never from markup, so no run
 * URL, header or metadata value is ever read as HTML.
 */

/** The page's element with this id, of the type the caller reads (a select's value...). */
export function $(id: string): HTMLElement;
export function $<T extends HTMLElement>(id: string, type: new () => T): T;
export function $(id: string, type: new () => HTMLElement = HTMLElement): HTMLElement {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return node;
}

/** What `el` appends: a node, a string as text, or nothing. */
export type Child = Node | string | null;

/** A new element with these attributes (`class` sets its class) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "class") node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === null) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Shows `message` in the page's error line; an empty one hides the line. */
export function showError(message: string): void {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

/** The message of what a call threw. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
