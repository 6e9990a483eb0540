import { useEffect, useRef } from 'react';

/**
 * The phone's back gesture closes an open sheet before it leaves the page: while `visible`, one
 * history entry (the same address, marked with the sheet) sits on top of the page's. Back pops it and
 * the sheet closes; closed any other way, the sheet takes its entry off again. A sheet closed by going
 * to another page leaves its entry under that page: coming back onto it steps over it, once.
 */
const SHEET_KEY = '__sheet';
const openSheets = new Set<string>();
let sheetSeq = 0;
let stepping = false;

function markerOnTop(): string | undefined {
  const state = window.history.state as Record<string, unknown> | null;
  const marker = state?.[SHEET_KEY];
  return typeof marker === 'string' ? marker : undefined;
}

function stepOverClosedSheets(): void {
  if (stepping) return;
  stepping = true;
  window.addEventListener('popstate', () => {
    const marker = markerOnTop();
    if (marker && !openSheets.has(marker)) window.history.back();
  });
}

export function useBackCloses(visible: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!visible) return;
    stepOverClosedSheets();
    const marker = `s${++sheetSeq}`;
    openSheets.add(marker);
    window.history.pushState({ ...(window.history.state as object | null), [SHEET_KEY]: marker }, '');
    const onPop = () => {
      if (markerOnTop() !== marker && openSheets.delete(marker)) close.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      const mine = openSheets.delete(marker);
      if (mine && markerOnTop() === marker) window.history.back();
    };
  }, [visible]);
}
