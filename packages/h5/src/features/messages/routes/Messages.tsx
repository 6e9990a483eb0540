export default function Messages() {
  return null;
}
