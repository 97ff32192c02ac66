// The few `vscode` API values findingsView.ts touches at import time (unit tests run outside VS Code).
class ThemeIcon { constructor(id, color) { this.id = id; this.color = color; } }
ThemeIcon.File = new ThemeIcon("file");
class ThemeColor { constructor(id) { this.id = id; } }
module.exports = { ThemeIcon, ThemeColor };
