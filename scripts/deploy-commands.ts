// npm run deploy-commands (tsx): the same program as the compiled
// `node dist/deploy-commands.js` (the Docker image runs that one).
import '../src/deploy-commands.js';
