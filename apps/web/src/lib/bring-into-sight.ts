// Scrolls an element into sight — smoothly, unless the person asks for less motion — where the
// browser can (the unit tests' jsdom has neither scrollIntoView nor matchMedia).
export function bringIntoSight(element: Element | null, block: ScrollLogicalPosition = 'nearest'): void {
  if (!element || !('scrollIntoView' in element)) return;
  const calm = 'matchMedia' in window && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: calm ? 'auto' : 'smooth', block });
}
