/**
 * The page's few DOM helpers: elements made with attributes and children (never a `style`
 * attribute, never HTML parsed from text: the policy forbids inline style and the page builds
 * every node itself).
 */

type Attributes = Readonly<Record<string, string | number | boolean | undefined>>;
type Child = Node | string | undefined | false;

function apply(element: Element, attributes: Attributes, children: readonly Child[]): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === undefined || child === false) continue;
    element.append(child);
  }
}

/**
 * An HTML element with its attributes (`true`: present, `false`/`undefined`: absent) and children.
 *
 * @example
 * ```ts
 * h('p', { class: 'note' }, 'hola');
 * ```
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  apply(element, attributes, children);
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element, as {@link h}. */
export function svg(tag: string, attributes: Attributes = {}, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG, tag) as SVGElement;
  apply(element, attributes, children);
  return element;
}

/** Replaces an element's children. */
export function fill(element: Element, ...children: Child[]): void {
  element.replaceChildren();
  apply(element, {}, children);
}
