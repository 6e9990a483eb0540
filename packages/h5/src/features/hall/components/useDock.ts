import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Where the floating red packet rests: `out` in full just above the tab bar; `edge` tucked to the
 * screen's edge, only a handle showing in the page's margin, while a tile lies under its spot; `away`
 * out of sight while even the margin is taken (a horizontal row scrolled under it). It never covers
 * a tile: a tap meant for a game never opens the red packet.
 */
export type Dock = 'out' | 'edge' | 'away';

/** What counts as a tile: the category grid's, 热门推荐's and 最近在玩's cards. */
const TILES = '.game-tile, .hot-card, .recent-card';
/** Space kept between the packet and the tab bar. */
const GAP_PX = 10;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The tiles as the member sees them: clipped to the screen (a row scrolled sideways reaches past it). */
function visibleTiles(): Box[] {
  const w = window.innerWidth;
  const h = window.innerHeight;
  const boxes: Box[] = [];
  for (const el of document.querySelectorAll(TILES)) {
    const r = el.getBoundingClientRect();
    const box = { left: Math.max(0, r.left), right: Math.min(w, r.right), top: Math.max(0, r.top), bottom: Math.min(h, r.bottom) };
    if (box.left < box.right && box.top < box.bottom) boxes.push(box);
  }
  return boxes;
}

/**
 * Keeps `ref` (the packet, `widthPx` × `heightPx` when out, `handlePx` of it showing at the edge)
 * docked: its bottom `GAP_PX` above the tab bar, its state following the tiles under it as the page
 * scrolls, loads or changes category.
 */
export function useDock(ref: RefObject<HTMLElement | null>, widthPx: number, heightPx: number, handlePx: number): { dock: Dock; bottomPx: number } {
  const [dock, setDock] = useState<Dock>('out');
  const [bottomPx, setBottomPx] = useState(60);
  const frame = useRef(0);
  useEffect(() => {
    const measure = () => {
      frame.current = 0;
      if (!ref.current) return;
      const tabBar = document.querySelector('.tabbar-wrap');
      const tabTop = tabBar ? tabBar.getBoundingClientRect().top : window.innerHeight;
      const bottom = window.innerHeight - tabTop + GAP_PX;
      // The left edge of the app's column (the screen's, up to 750 px wide: layout.css).
      const edgeLeft = Math.max(0, (window.innerWidth - 750) / 2);
      const top = tabTop - GAP_PX - heightPx;
      const spot = { left: edgeLeft, right: edgeLeft + widthPx, top, bottom: tabTop - GAP_PX };
      const handle = { ...spot, right: edgeLeft + handlePx };
      const tiles = visibleTiles();
      setBottomPx(bottom);
      setDock(!tiles.some((t) => overlaps(spot, t)) ? 'out' : !tiles.some((t) => overlaps(handle, t)) ? 'edge' : 'away');
    };
    const schedule = () => {
      if (!frame.current) frame.current = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('resize', schedule);
    // The page's scroll and a row's scrolled sideways (captured: scroll events do not bubble from elements),
    // and tiles arriving (the catalogue, a category's lazy list).
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame.current) cancelAnimationFrame(frame.current);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('scroll', schedule, { capture: true });
      changes.disconnect();
    };
  }, [ref, widthPx, heightPx, handlePx]);
  return { dock, bottomPx };
}
