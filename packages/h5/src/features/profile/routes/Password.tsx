export default function Password() {
  return null;
}
