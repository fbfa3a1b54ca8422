/** Short points side by side (three on a wide screen), each a card of a title and a sentence or two. */
export function PointCards({ points }: { points: readonly { title: string; text: string }[] }) {
  return (
    <div className="three-up">
      {points.map((point) => (
        <div key={point.title} className="card why">
          <h3>{point.title}</h3>
          <p>{point.text}</p>
        </div>
      ))}
    </div>
  );
}
