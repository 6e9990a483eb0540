export default function HelpCenter() {
  return null;
}
