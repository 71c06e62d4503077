local found = {}
for _, f in ipairs({"dofile", "loadfile", "load", "require", "xpcall", "io", "os", "package", "debug"}) do found[#found + 1] = tostring(_G[f]) end
found[#found + 1] = tostring(string.dump)
local ok = pcall(collectgarbage, "stop")
BeginStateMachine { OnEnter = function(npc) SetState("wait") end }
State "wait" { OnUpdate = function(npc) if not ok then error("collectgarbage: " .. table.concat(found, ","), 0) end end }
State "chase" {}
State "attack" {}
State "die" {}
