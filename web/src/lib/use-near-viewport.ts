import { useEffect, useState, type RefObject } from 'react';

/** Whether the element is within `margin` of the viewport now; `watch` re-reads the ref when the element may have changed. */
export function useInReach(ref: RefObject<Element | null>, margin = '200px', watch?: unknown) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return setNear(false);
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, watch]);
  return near;
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
