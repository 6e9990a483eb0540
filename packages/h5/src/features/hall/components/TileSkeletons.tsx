/** Tiles' outlines while the catalogue loads, in the grid's own shape (no blank hall, no jump after). */
export function TileSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div className="games-grid" data-testid="tiles-loading" aria-busy>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="game-tile game-tile-skeleton" />
      ))}
    </div>
  );
}
