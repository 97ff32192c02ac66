-- Loaded on start-up: nothing happens until require("sastls").setup() is called from the user's config.
if vim.g.loaded_sastls then
  return
end
vim.g.loaded_sastls = true
