export default function Abouts() {
  return null;
}
