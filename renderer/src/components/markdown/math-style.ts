import 'katex/dist/katex.min.css';
