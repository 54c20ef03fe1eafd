// Stryker plugins of this project (docs/testing.md "Log lines are not mutated").
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** `this.logger.log(…)`, `this.logger.warn(…)`… as a statement, awaited or not. */
function isLoggerCall(node) {
  const call = node.type === 'AwaitExpression' ? node.argument : node;
  if (call?.type !== 'CallExpression' || call.callee.type !== 'MemberExpression') return false;
  const target = call.callee.object;
  return (
    target.type === 'MemberExpression' &&
    target.object.type === 'ThisExpression' &&
    target.property.type === 'Identifier' &&
    target.property.name === 'logger'
  );
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'LogLines', {
    shouldIgnore(path) {
      if (path.isExpressionStatement() && isLoggerCall(path.node.expression)) {
        return 'A log line: its text is for operators, not behaviour a test should pin (docs/testing.md)';
      }
      return undefined;
    },
  }),
];
