export default function Login() {
  return null;
}
