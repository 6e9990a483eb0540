export default function HelpArticle() {
  return null;
}
