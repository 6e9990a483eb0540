export default function Activity() {
  return null;
}
