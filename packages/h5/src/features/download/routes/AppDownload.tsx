export default function AppDownload() {
  return null;
}
