export default function HomeAlt() {
  return null;
}
