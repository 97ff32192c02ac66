-- A human verdict teaches, in headless Neovim through editors/neovim: :SastlsJudge fp with a reason
-- naming a function (or, SASTLS_VIA=lightbulb, the code action "Mark as false positive" and the
-- plugin's question for the reason, answered as a person would), Neovim's own prompt for the server's offer (window/showMessageRequest, answered
-- as a person would: the first action), then the other finding's verdict. Env: SASTLS_PLUGIN,
-- SASTLS_FILE, SASTLS_OUT. Writes what it saw; the pytest side asserts.
local out = {}
local function finish()
  local f = io.open(os.getenv("SASTLS_OUT"), "w")
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd("qa!")
end
local function word(d)
  local m = d.message:lower()
  if m:find("false positive", 1, true) then return "fp" end
  if m:find("true positive", 1, true) then return "tp" end
  return "?"
end
local function words()
  local w = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(w, word(d)) end
  table.sort(w)
  return table.concat(w, ",")
end
local ok, err = pcall(function()
  vim.opt.runtimepath:prepend(os.getenv("SASTLS_PLUGIN"))
  vim.cmd("filetype on")
  local sastls = require("sastls")
  sastls.setup({})
  vim.notify = function() end
  -- the person at Neovim's prompt: note what was asked, pick the first action ("Record ...")
  out.prompts = {}
  vim.fn.inputlist = function(items)
    table.insert(out.prompts, table.concat(items, "\n"))
    return 1
  end
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SASTLS_FILE")))
  out.attached = vim.wait(15000, function() return sastls.client_id ~= nil end, 50)
  out.before = vim.wait(60000, function() return words() == "tp,tp" end, 100) and words() or words()
  local diags = vim.diagnostic.get(0)
  table.sort(diags, function(a, b) return a.lnum < b.lnum end)
  vim.api.nvim_win_set_cursor(0, { diags[1].lnum + 1, diags[1].col })
  if os.getenv("SASTLS_VIA") == "lightbulb" then
    -- the code action, as a person picks it from vim.lsp.buf.code_action(); the plugin asks the reason
    out.reason_prompts = {}
    vim.ui.input = function(opts, on_confirm)
      table.insert(out.reason_prompts, opts.prompt)
      on_confirm("validated by check_name")
    end
    out.actions = {}
    vim.ui.select = function(items, _, on_choice)
      for i, item in ipairs(items) do
        local action = item.action or item[2]
        table.insert(out.actions, action.title)
        if action.title == "sastls: Mark as false positive" then
          return on_choice(item, i)
        end
      end
      on_choice(nil, nil)
    end
    local context = { diagnostics = { diags[1].user_data.lsp } }
    if vim.fn.has("nvim-0.8") == 1 then
      vim.lsp.buf.code_action({ context = context })
    else
      vim.lsp.buf.code_action(context)
    end
  else
    vim.cmd("SastlsJudge fp validated by check_name")
  end
  out.asked = vim.wait(30000, function() return #out.prompts > 0 end, 50)
  local learned = vim.fn.getcwd() .. "/.sastls/models/learned.toml"
  out.recorded = vim.wait(30000, function() return vim.fn.filereadable(learned) == 1 end, 100)
  out.after = vim.wait(60000, function() return words() == "fp,fp" end, 100) and words() or words()
end)
if not ok then out.error = tostring(err) end
finish()
