import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, getToolName, isToolUIPart, type UIMessage } from 'ai';
import { type FormEvent, useState } from 'react';
import { createRoot } from 'react-dom/client';

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

/** One tool call: what the model sent, and what it got back (the result, or the refusal). */
function ToolCall({ part }: { part: ToolPart }) {
  return (
    <div className={`tool tool-${part.state}`} data-state={part.state}>
      <div className="tool-name">{getToolName(part)}</div>
      <pre className="tool-input">{JSON.stringify(part.input)}</pre>
      {part.state === 'output-available' && (
        <pre className="tool-output">{JSON.stringify(part.output)}</pre>
      )}
      {part.state === 'output-error' && <pre className="tool-error">{part.errorText}</pre>}
    </div>
  );
}

function Message({ message }: { message: UIMessage }) {
  return (
    <div className={`message message-${message.role}`}>
      {message.parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === 'text') {
          return (
            <p key={key} className="text">
              {part.text}
            </p>
          );
        }
        if (part.type === 'step-start' && index > 0) return <hr key={key} />;
        if (isToolUIPart(part)) return <ToolCall key={key} part={part} />;
        return null;
      })}
    </div>
  );
}

function Chat({ prompt }: { prompt: string }) {
  const { messages, sendMessage, status, error } = useChat({
    transport: new DefaultChatTransport({ api: '/api/chat' }),
  });
  const [input, setInput] = useState(prompt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input.trim() === '') return;
    void sendMessage({ text: input });
    setInput('');
  };
  return (
    <main data-status={status}>
      <h1>toolgate chat</h1>
      {messages.map((message) => (
        <Message key={message.id} message={message} />
      ))}
      {error !== undefined && <p className="error">{error.message}</p>}
      <form onSubmit={submit}>
        <input value={input} onChange={(event) => setInput(event.target.value)} />
        <button type="submit" disabled={status !== 'ready'}>
          Send
        </button>
      </form>
    </main>
  );
}

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<Chat prompt={root.dataset.prompt ?? ''} />);
