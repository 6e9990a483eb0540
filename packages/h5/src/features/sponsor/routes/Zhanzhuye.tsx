export default function Zhanzhuye() {
  return null;
}
