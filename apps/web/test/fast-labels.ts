/**
 * jsdom's `labels` walks the whole document on every read (a live NodeList whose query asks every
 * node for its `control`), and Testing Library's *ByLabelText reads it for every element of the
 * page, several times: on the order form that was a third of a test's time. `labelsOf` gives the
 * same labels from a list of the document's labels (read again only after the page changed) and
 * the element's ancestors. Installed by test/setup.ts; `fast-labels.test.ts` compares it with
 * jsdom's own answer.
 */

const LABELABLE = 'button, input:not([type="hidden" i]), meter, output, progress, select, textarea';
const LABELABLE_CLASSES = [
  'HTMLInputElement',
  'HTMLTextAreaElement',
  'HTMLSelectElement',
  'HTMLButtonElement',
  'HTMLOutputElement',
  'HTMLMeterElement',
  'HTMLProgressElement',
] as const;

type LabelsGetter = (this: HTMLElement) => NodeListOf<HTMLLabelElement> | null;
const originals = new Map<object, LabelsGetter>();

/** jsdom's own `labels` of the element (for the comparison test). */
export function jsdomLabels(element: HTMLElement): HTMLLabelElement[] | null {
  for (
    let proto: object | null = Object.getPrototypeOf(element);
    proto;
    proto = Object.getPrototypeOf(proto)
  ) {
    const original = originals.get(proto);
    if (original) {
      const labels = original.call(element);
      return labels ? Array.from(labels) : null;
    }
  }
  const labels = (element as HTMLInputElement).labels;
  return labels ? Array.from(labels) : null;
}

/**
 * A document's labels, read again only after the page changed: a MutationObserver says whether
 * it did, by its records delivered or, for a change made just before a query, still pending.
 * Reading jsdom's live collection item by item costs more than the rest of `labelsOf`.
 */
const labelLists = new WeakMap<Document, { observer: MutationObserver; labels: HTMLLabelElement[] | null }>();
function labelElements(document: Document): HTMLLabelElement[] {
  let list = labelLists.get(document);
  if (!list) {
    const MutationObserverOfPage = document.defaultView?.MutationObserver ?? MutationObserver;
    const created = {
      // Records delivered (a microtask after the change) or still pending both mean: read again.
      observer: new MutationObserverOfPage(() => {
        created.labels = null;
      }),
      labels: null as HTMLLabelElement[] | null,
    };
    created.observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['for'],
    });
    labelLists.set(document, created);
    list = created;
  }
  if (list.observer.takeRecords().length > 0 || !list.labels)
    list.labels = Array.from(document.getElementsByTagName('label'));
  return list.labels;
}

/** The labels of a labelable element in a document, in tree order (HTML's "labeled control"). */
export function labelsOf(element: HTMLElement, document: Document): HTMLLabelElement[] | null {
  if (!element.matches(LABELABLE)) return null;
  const found: HTMLLabelElement[] = [];
  // A label with `for` labels the first element of the document with that id.
  if (element.id && document.getElementById(element.id) === element) {
    for (const label of labelElements(document))
      if (label.getAttribute('for') === element.id) found.push(label);
  }
  // A label without `for` labels its first labelable descendant.
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (
      parent instanceof HTMLLabelElement &&
      !parent.hasAttribute('for') &&
      parent.querySelector(LABELABLE) === element
    )
      found.push(parent);
  }
  return found.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

/** Puts `labelsOf` in place of jsdom's getter for elements in a document (others keep jsdom's). */
export function installFastLabels(window: Window & typeof globalThis): void {
  for (const name of LABELABLE_CLASSES) {
    const proto = (window[name] as { prototype: object } | undefined)?.prototype;
    const descriptor = proto && Object.getOwnPropertyDescriptor(proto, 'labels');
    if (!proto || !descriptor?.get || originals.has(proto)) continue;
    // A getter, called below with the element as `this` (Function.prototype.call).
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = descriptor.get as LabelsGetter;
    originals.set(proto, original);
    Object.defineProperty(proto, 'labels', {
      configurable: true,
      enumerable: descriptor.enumerable ?? true,
      get(this: HTMLElement) {
        const root = this.getRootNode();
        return root instanceof window.Document ? labelsOf(this, root) : original.call(this);
      },
    });
  }
}
