export default function Register() {
  return null;
}
