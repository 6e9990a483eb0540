/**
 * Staff-typed HTML previewed in a sandboxed frame (no scripts, no same origin): what is typed may be
 * pasted from anywhere, and the console holds the staff token, so it is never put into the page
 * itself. The server's sanitizer decides what members get; this only shows the layout.
 */
const STYLE = '<style>body{margin:8px;font:14px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#333}h3{font-size:15px;margin:8px 0}ol,ul{padding-left:20px}</style>';

export function HtmlPreview({ html }: { html: string }) {
  return <iframe className="html-preview" title="预览" sandbox="" srcDoc={STYLE + html} data-testid="html-preview" />;
}
