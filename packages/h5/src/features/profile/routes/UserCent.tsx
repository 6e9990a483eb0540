export default function UserCent() {
  return null;
}
