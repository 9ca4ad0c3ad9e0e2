import type { Page } from 'playwright-core';

/**
 * DESIGN.md §14 "focus always visible" (WCAG 2.4.7), which axe-core cannot judge: tabbing through a page, every
 * element that gets the focus draws an indicator. An indicator is an outline (style not `none`, at least 2 px wide)
 * or a ring (a box-shadow spread of at least 2 px), whose colour stands out from what is behind it by at least 3:1
 * (WCAG 1.4.11's contrast for the parts of a control). Behind an outline or an outer ring is the background of the
 * element's ancestors; behind an inset ring, the element's own. An ancestor that clips its content (a scrolling tab
 * list, a card with overflow hidden) must not cut the indicator off on more than one side.
 */

/** What the element with the focus draws, judged in the page once its own transitions have ended. */
interface Focused {
  /** `none` when nothing has the focus (the focus left the document at the end of the tab order). */
  kind: 'none' | 'seen' | 'element';
  /** `tag[role] "name"`: enough to find it. */
  element: string;
  /** Why its indicator does not count, when it does not. */
  problem?: string;
}

/**
 * Runs in the page after a Tab press. Colours are read through a canvas, which takes every CSS colour syntax the
 * computed style may give (rgb, oklch, color-mix results). Kept as text: the pages' CSP allows no eval, and a
 * compiled function may carry the test runner's helpers.
 */
const JUDGE_FOCUSED = `(async () => {
  const seen = (window.__focusWalkSeen ??= new WeakSet());
  const element = document.activeElement;
  if (!element || element === document.body || element === document.documentElement) return { kind: 'none', element: '' };
  const role = element.getAttribute('role');
  const name = (element.getAttribute('aria-label') || element.textContent || element.getAttribute('name') ||
    element.getAttribute('data-testid') || '').replace(/\\s+/g, ' ').trim().slice(0, 50);
  const description = element.tagName.toLowerCase() + (role ? '[role=' + role + ']' : '') + ' "' + name + '"';
  if (seen.has(element)) return { kind: 'seen', element: description };
  seen.add(element);
  // The focus style may fade in (a transition on outline-color or box-shadow): judge where it ends.
  await Promise.all(element.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined)));

  const context = (window.__focusWalkCanvas ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true }));
  const rgba = (color) => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = 'transparent';
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = ([r, g, b, a], [br, bg, bb]) => [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
  // The backgrounds from start up to the root, painted over the white canvas.
  const backdrop = (start) => {
    const layers = [];
    for (let node = start; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    return layers.reverse().reduce((below, color) => over(color, below), [255, 255, 255]);
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (one, two) => {
    const [light, dark] = [luminance(one), luminance(two)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  // The sides on which an ancestor that clips its content (overflow other than visible) cuts off an indicator that
  // reaches reach px beyond the element's border box.
  const clippedSides = (reach) => {
    if (reach <= 0) return [];
    const rect = element.getBoundingClientRect();
    const sides = new Set();
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const box = node.getBoundingClientRect();
      if (rect.top - reach < box.top + parseFloat(style.borderTopWidth) - 0.5) sides.add('top');
      if (rect.bottom + reach > box.bottom - parseFloat(style.borderBottomWidth) + 0.5) sides.add('bottom');
      if (rect.left - reach < box.left + parseFloat(style.borderLeftWidth) - 0.5) sides.add('left');
      if (rect.right + reach > box.right - parseFloat(style.borderRightWidth) + 0.5) sides.add('right');
    }
    return [...sides];
  };
  const judge = (what, color, behindStart, reach) => {
    const behind = backdrop(behindStart);
    const ratio = contrast(over(rgba(color), behind), behind);
    const clipped = clippedSides(reach);
    // Cut off on one side the rest still shows; on two or more, most of it is gone.
    const shows = ratio >= 3 && clipped.length < 2;
    return { what, shows, text: what + ' ' + color + ' at ' + ratio.toFixed(2) + ':1 against rgb(' +
      behind.map(Math.round).join(', ') + ')' + (clipped.length > 0 ? ', cut off at ' + clipped.join(' ') : '') };
  };

  const style = getComputedStyle(element);
  const indicators = [];
  const refused = [];
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
    const inside = parseFloat(style.outlineOffset) < 0;
    const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
    indicators.push(judge('outline ' + style.outlineWidth, style.outlineColor, inside ? element : element.parentElement, reach));
  } else {
    refused.push('outline ' + style.outlineStyle + ' ' + style.outlineWidth);
  }
  // A box-shadow list: split at the commas outside parentheses; the colour is the part that is not a length.
  const shadows = [];
  let depth = 0, from = 0;
  const list = style.boxShadow === 'none' ? '' : style.boxShadow;
  for (let at = 0; at <= list.length; at++) {
    const char = list[at];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if ((char === ',' && depth === 0) || at === list.length) {
      if (list.slice(from, at).trim()) shadows.push(list.slice(from, at).trim());
      from = at + 1;
    }
  }
  for (const shadow of shadows) {
    const inset = /\\binset\\b/.test(shadow);
    const withoutColor = shadow.replace(/[a-z-]+\\([^()]*(\\([^()]*\\)[^()]*)*\\)|#[0-9a-f]+/gi, ' ');
    const color = shadow.match(/[a-z-]+\\([^()]*(\\([^()]*\\)[^()]*)*\\)|#[0-9a-f]+/i)?.[0] ?? 'currentcolor';
    const lengths = (withoutColor.match(/-?[\\d.]+px/g) ?? []).map(parseFloat);
    const spread = lengths[3] ?? 0;
    if (spread >= 2) indicators.push(judge('ring ' + spread + 'px' + (inset ? ' inset' : ''), color,
      inset ? element : element.parentElement, inset ? 0 : spread));
  }
  if (indicators.some((indicator) => indicator.shows)) return { kind: 'element', element: description };
  const problem = indicators.length > 0
    ? indicators.map((indicator) => indicator.text).join('; ')
    : refused.concat('no ring of 2 px').join(', ');
  return { kind: 'element', element: description, problem };
})()`;

/**
 * Tabs through the page from where its focus is (inside an open dialog that is the dialog) until the focus comes
 * back to an element it had, and judges each element on the way: what it finds, as "where: element: problem"
 * lines. `most` bounds the Tab presses of a page that never gives the focus back.
 */
export async function focusIndicatorProblems(page: Page, where: string, most = 150): Promise<string[]> {
  await page.evaluate('window.__focusWalkSeen = new WeakSet(); true');
  const problems: string[] = [];
  let leftTheDocument = 0;
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<Focused>(JUDGE_FOCUSED);
    if (focused.kind === 'seen') return problems;
    if (focused.kind === 'none') {
      // Past the last element the focus leaves the document once; twice in a row, nothing takes it.
      if (++leftTheDocument > 1) return problems;
      continue;
    }
    leftTheDocument = 0;
    if (focused.problem) problems.push(`${where}: ${focused.element}: ${focused.problem}`);
  }
  problems.push(`${where}: the focus did not come back to an element it had in ${most} presses of Tab`);
  return problems;
}
