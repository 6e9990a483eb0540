export default function Kefu() {
  return null;
}
