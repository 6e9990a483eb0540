import './shared.css';

/** Staff-written HTML (articles, activities, the welcome modal). The server sanitizes it (DESIGN §9). */
export function HtmlContent({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`html-content ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
