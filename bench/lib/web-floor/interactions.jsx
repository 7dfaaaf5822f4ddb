/**
 * The ceiling of bench/web-inp.mjs: the interactions it measures on the real app, on the barest React 19 page
 * that has them. A search box over a dozen cards, a button opening fifteen category checkboxes, and a chat:
 * a log, a box where Enter sends, and a WebSocket (the relay that serves the page) whose messages join
 * the log as the other participant's. No router, no data layer, no styles beyond the browser's.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

const CATEGORIES = Array.from({ length: 15 }, (_, i) => `Categoría ${i + 1}`);
const NAMES = ['Lucía García', 'Javier Martín', 'Carmen Rodríguez', 'Pablo Sánchez', 'Marta López'];
const CARDS = Array.from({ length: 12 }, (_, i) => ({
  id: i,
  name: `${NAMES[i % NAMES.length]} ${i + 1}`,
  categories: [CATEGORIES[i % 15], CATEGORIES[(i + 4) % 15]],
}));

function Directory() {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [ticked, setTicked] = useState([]);
  const words = search.trim().toLowerCase();
  const shown = CARDS.filter(
    (card) =>
      card.name.toLowerCase().includes(words) &&
      ticked.every((category) => card.categories.includes(category)),
  );
  return (
    <section>
      <search>
        <label>
          Buscar por nombre
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen(!open)}>
          Categorías ({ticked.length})
        </button>
        {open ? (
          <fieldset role="dialog">
            {CATEGORIES.map((category) => (
              <label key={category}>
                <input
                  type="checkbox"
                  checked={ticked.includes(category)}
                  onChange={(event) =>
                    setTicked(
                      event.target.checked ? [...ticked, category] : ticked.filter((c) => c !== category),
                    )
                  }
                />
                {category}
              </label>
            ))}
          </fieldset>
        ) : null}
      </search>
      <ul>
        {shown.map((card) => (
          <li key={card.id}>
            <article>
              <h2>{card.name}</h2>
              <p>{card.categories.join(', ')}</p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Chat() {
  const [messages, setMessages] = useState([]);
  const [text, setText] = useState('');
  const log = useRef(null);
  useEffect(() => {
    const socket = new WebSocket(`ws://${window.location.host}/?id=1`);
    socket.onmessage = (event) => {
      const { text } = JSON.parse(event.data);
      setMessages((all) => [...all, { id: all.length, own: false, text }]);
    };
    socket.onopen = () => document.body.setAttribute('data-connected', 'true');
    return () => socket.close();
  }, []);
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  });
  return (
    <section>
      <div ref={log} role="log" style={{ height: '300px', overflow: 'auto' }}>
        {messages.map((message) => (
          <p key={message.id} data-own={message.own}>
            {message.text}
          </p>
        ))}
      </div>
      <textarea
        aria-label="Mensaje"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey) return;
          event.preventDefault();
          if (!text.trim()) return;
          setMessages((all) => [...all, { id: all.length, own: true, text }]);
          setText('');
        }}
      />
    </section>
  );
}

createRoot(document.getElementById('root')).render(
  // side by side, so both fit the bench's window as the app's screens do
  <main style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', alignItems: 'start' }}>
    <Directory />
    <Chat />
  </main>,
);
