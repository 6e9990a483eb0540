export default function Hall() {
  return null;
}
