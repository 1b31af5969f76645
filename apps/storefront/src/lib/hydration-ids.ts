import { options, type VNode } from 'preact';

/** Attributes that hold or name an element's id. */
const ID_ATTRIBUTES = [
  'id',
  'for',
  'htmlFor',
  'aria-activedescendant',
  'aria-controls',
  'aria-describedby',
  'aria-details',
  'aria-errormessage',
  'aria-labelledby',
  'aria-owns',
  'list',
];

/**
 * While the browser hydrates, writes the browser's `useId` ids (and the attributes naming them) over the
 * server's. React renders the HTML and Preact hydrates it (docs/DECISIONS.md, "Storefront runtime"); the two
 * make different ids, and Preact leaves attributes as the HTML has them while hydrating. Without this an
 * element drawn later (a field's error, a quantity note's reference) would carry the browser's id and point
 * at an element that still has the server's. Returns the function that stops it, for after hydration.
 *
 * `__e` is the element Preact drew a node into (its mangled `_dom`, as its devtools and signals read it).
 * The React development server never calls these options: there, nothing happens.
 */
export function adoptBrowserIds(): () => void {
  const previous = options.diffed;
  options.diffed = (vnode: VNode) => {
    const element = (vnode as VNode & { __e?: unknown }).__e;
    if (typeof vnode.type === 'string' && element instanceof Element) {
      const props = vnode.props as Record<string, unknown>;
      for (const name of ID_ATTRIBUTES) {
        const value = props[name];
        const attribute = name === 'htmlFor' ? 'for' : name;
        if (typeof value === 'string' && element.getAttribute(attribute) !== value) {
          element.setAttribute(attribute, value);
        }
      }
    }
    previous?.(vnode);
  };
  return () => {
    options.diffed = previous;
  };
}
