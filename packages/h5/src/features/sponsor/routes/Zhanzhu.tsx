export default function Zhanzhu() {
  return null;
}
