export default function ActivityInfo() {
  return null;
}
