import { describe, expect, it } from 'vitest';
import { jsdomLabels, labelsOf } from './fast-labels.ts';

/** Every labelling case HTML has: `for`, nesting, both, duplicates, hidden and unlabelable ones. */
const PAGE = `
  <label id="l1" for="a">A</label>
  <input id="a">
  <label id="l2" for="a">A again</label>
  <label id="l3">Nested <input id="b"><input id="b2"></label>
  <label id="l4" for="c">For c <input id="d"></label>
  <input id="c" type="hidden">
  <label id="l5" for="">Empty for <input id="e"></label>
  <label id="l6" for="dup">Duplicate id</label>
  <textarea id="dup"></textarea>
  <select id="dup"></select>
  <label id="l7" for="f">To a div</label>
  <div id="f"></div>
  <label id="l8"><span><button id="g">Button</button></span><select id="h"></select></label>
  <label id="l9" for="i"></label>
  <div><label id="l10" for="i">second</label></div>
  <output id="i"></output>
  <label id="l11"><input type="hidden" id="j"><meter id="k"></meter></label>
  <label id="l12" for="m">outer <label id="l13">inner <progress id="m"></progress></label></label>
  <input id="n" type="checkbox"><label id="l14" for="n">after</label>
`;

const ids = (labels: HTMLLabelElement[] | null) => (labels ? labels.map((l) => l.id) : null);

describe('labelsOf', () => {
  it('finds the labels jsdom finds, for every element of a page with every case', () => {
    document.body.innerHTML = PAGE;
    const elements = [...document.body.querySelectorAll<HTMLElement>('*')];
    expect(elements.length).toBeGreaterThan(25);
    for (const element of elements) {
      expect(ids(labelsOf(element, document)), `${element.localName}#${element.id}`).toEqual(
        ids(jsdomLabels(element)),
      );
    }
    // The cases themselves, so that a jsdom that changes its mind shows here too.
    const of = (id: string) => ids(labelsOf(document.getElementById(id)!, document));
    expect(of('a')).toEqual(['l1', 'l2']);
    expect(of('b')).toEqual(['l3']);
    expect(of('b2')).toEqual([]);
    expect(of('d')).toEqual([]);
    expect(of('c')).toBeNull();
    expect(of('dup')).toEqual(['l6']);
    expect(of('i')).toEqual(['l9', 'l10']);
    expect(of('k')).toEqual(['l11']);
    expect(of('m')).toEqual(['l12', 'l13']);
    expect(of('n')).toEqual(['l14']);
  });

  it('follows the page as it changes', () => {
    document.body.innerHTML = PAGE;
    const a = document.getElementById('a') as HTMLInputElement;
    expect(ids(Array.from<HTMLLabelElement>(a.labels ?? []))).toEqual(['l1', 'l2']);
    document.getElementById('l2')!.remove();
    const late = document.createElement('label');
    late.id = 'late';
    late.htmlFor = 'a';
    document.body.prepend(late);
    expect(ids(Array.from<HTMLLabelElement>(a.labels ?? []))).toEqual(['late', 'l1']);
    expect(ids(labelsOf(a, document))).toEqual(ids(jsdomLabels(a)));
  });
});

describe('labelsOf after changes made just before it is asked', () => {
  it('sees a label added, re-pointed or removed in the same task', () => {
    document.body.innerHTML = '<input id="x"><input id="y"><label id="lx" for="x">X</label>';
    const x = document.getElementById('x')!;
    const y = document.getElementById('y')!;
    expect(ids(labelsOf(x, document))).toEqual(['lx']);
    const label = document.getElementById('lx') as HTMLLabelElement;
    label.htmlFor = 'y';
    expect(ids(labelsOf(x, document))).toEqual([]);
    expect(ids(labelsOf(y, document))).toEqual(['lx']);
    const wrapper = document.createElement('div');
    wrapper.innerHTML = '<label id="ly2" for="y">Y</label>';
    document.body.append(wrapper);
    expect(ids(labelsOf(y, document))).toEqual(['lx', 'ly2']);
    label.remove();
    expect(ids(labelsOf(y, document))).toEqual(['ly2']);
    expect(ids(labelsOf(y, document))).toEqual(ids(jsdomLabels(y)));
  });

  it('sees a change whose records were delivered before it was asked', async () => {
    document.body.innerHTML = '<input id="z"><label id="lz" for="z">Z</label>';
    const z = document.getElementById('z')!;
    expect(ids(labelsOf(z, document))).toEqual(['lz']);
    document.body.insertAdjacentHTML('afterbegin', '<label id="lz0" for="z">first</label>');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ids(labelsOf(z, document))).toEqual(['lz0', 'lz']);
  });
});
