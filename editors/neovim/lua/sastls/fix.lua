-- sastls "Fix (verified)" for Neovim: the server verifies a fix; the user sees its diff in a buffer and
-- applies it after a confirm prompt (the file is written then). A fix that did not verify shows why,
-- and its last attempt as a diff buffer, never as an edit. Used by :SastlsFix and by the code action
-- (the client command "sastls.fix").
local M = {}

local function notify(msg, level)
  vim.notify("sastls: " .. msg, level or vim.log.levels.INFO)
end

local function present_value(v)
  return v ~= nil and v ~= vim.NIL and v ~= ""
end

-- The question before an edit; true applies it. Replaceable (tests answer it, a UI may prefer a float).
function M.ask(message)
  return vim.fn.confirm(message, "&Apply\n&Cancel", 2) == 1
end

-- A read-only scratch buffer with a diff, in a split; returns its window.
function M.diff_buffer(name, text)
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(text, "\n", { plain = true }))
  vim.api.nvim_buf_set_option(buf, "filetype", "diff")
  vim.api.nvim_buf_set_option(buf, "bufhidden", "wipe")
  vim.api.nvim_buf_set_option(buf, "modifiable", false)
  pcall(vim.api.nvim_buf_set_name, buf, name)
  vim.cmd("botright split")
  local win = vim.api.nvim_get_current_win()
  vim.api.nvim_win_set_buf(win, buf)
  return win
end

local function target_uri(edit)
  if edit.documentChanges and edit.documentChanges[1] then
    return edit.documentChanges[1].textDocument.uri
  end
  for uri, _ in pairs(edit.changes or {}) do
    return uri
  end
end

function M.headline(result)
  local what = present_value(result.title) and (" for " .. result.title) or ""
  if not result.verified or not present_value(result.edit) then
    return "no verified fix" .. what .. ": " .. (result.stop_reason or result.message or "unknown reason")
  end
  local level = result.level == "tested" and "verified, tested" or "verified, scanner-clean (no test ran)"
  local text = "fix" .. what .. " (" .. level .. "): " .. (result.description or "")
  if present_value(result.migration) then
    text = text .. "\nNEEDS A MIGRATION: " .. result.migration
  end
  return text
end

-- Show the server's answer; apply a verified fix only when the user agrees. Returns true when applied.
function M.present(result, client)
  if not result or result == vim.NIL then
    notify("the server sent no answer to the fix", vim.log.levels.WARN)
    return false
  end
  if result.status == "running" then
    notify("a fix for this finding is already running")
    return false
  end
  if result.status == "cancelled" then
    notify("fix cancelled")
    return false
  end
  if result.status == "error" then
    notify(result.message or "the fix failed", vim.log.levels.WARN)
    return false
  end
  local current = vim.api.nvim_get_current_win()
  if not result.verified or not present_value(result.edit) then
    notify(M.headline(result), vim.log.levels.WARN)
    if present_value(result.diff) then
      M.diff_buffer("sastls://" .. (result.path or "fix") .. " (last attempt, NOT verified)", result.diff)
      vim.api.nvim_set_current_win(current)
    end
    return false
  end
  local win = M.diff_buffer("sastls://" .. (result.path or "fix") .. " (verified fix)", result.diff or "")
  vim.cmd("redraw")
  local apply = M.ask("sastls: " .. M.headline(result) .. "\nApply it?")
  if vim.api.nvim_win_is_valid(win) then
    vim.api.nvim_win_close(win, true)
  end
  if vim.api.nvim_win_is_valid(current) then
    vim.api.nvim_set_current_win(current)
  end
  if not apply then
    return false
  end
  vim.lsp.util.apply_workspace_edit(result.edit, client and client.offset_encoding or "utf-16")
  local uri = target_uri(result.edit)
  if uri then
    local bufnr = vim.uri_to_bufnr(uri)
    vim.api.nvim_buf_call(bufnr, function()
      vim.cmd("silent write")
    end)
  end
  notify("fix applied to " .. (result.path or uri or "the file"))
  return true
end

-- Ask the server for a verified fix of the finding ``arg`` ({uri, fingerprint}) and present it.
function M.run(client, arg, bufnr)
  if not client then
    notify("the server is not running", vim.log.levels.WARN)
    return
  end
  client.request("workspace/executeCommand", { command = "sastls.fix", arguments = { arg } }, function(err, result)
    if err then
      notify("sastls.fix failed: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    M.present(result, client)
  end, bufnr or vim.api.nvim_get_current_buf())
end

-- The client command the "Fix (verified)" code action runs (instead of a bare executeCommand).
function M.command(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  M.run(client, command.arguments and command.arguments[1], ctx.bufnr)
end

return M
