export default function UserInfo() {
  return null;
}
