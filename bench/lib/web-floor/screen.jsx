export function Screen() {
  return <h1>L4L</h1>;
}
