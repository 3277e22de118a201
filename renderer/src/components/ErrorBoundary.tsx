import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** If drawing the UI itself fails, say so and offer a way back instead of a blank window. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('TACO could not draw the window', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="fatal" role="alert" data-testid="fatal-error">
        <h1>TACO could not draw this window</h1>
        <p className="plain-text">{this.state.error.message}</p>
        <p>Your conversations are saved. Reload to continue; if it happens again, please report it.</p>
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
