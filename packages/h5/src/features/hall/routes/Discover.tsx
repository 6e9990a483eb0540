export default function Discover() {
  return null;
}
