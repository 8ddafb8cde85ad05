import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is within `margin` of the viewport now. A change of `watch` (the element
 * may have changed, or moved: a list grew) asks afresh, and an answer from before it counts for
 * nothing.
 */
export function useInReach(ref: RefObject<Element | null>, margin = '200px', watch?: unknown) {
  const [seen, setSeen] = useState<{ watch: unknown; near: boolean }>({ watch, near: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => setSeen({ watch, near: entries.some((e) => e.isIntersecting) }), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, watch]);
  return seen.watch === watch && seen.near;
}

/**
 * Whether the element has come within `margin` of the viewport (and stays true once it has): what
 * sits below the fold loads its heavy code only when the user is about to see it.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200px') {
  const near = useInReach(ref, margin);
  const [seen, setSeen] = useState(false);
  if (near && !seen) setSeen(true);
  return near || seen;
}
