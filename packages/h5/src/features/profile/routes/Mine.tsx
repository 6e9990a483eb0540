export default function Mine() {
  return null;
}
