export default function IframePage() {
  return null;
}
