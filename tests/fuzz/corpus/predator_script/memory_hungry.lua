local t = {}
BeginStateMachine { OnEnter = function(npc) SetState("wait") end }
State "wait" { OnUpdate = function(npc) for i = 1, 1000 do t[#t + 1] = string.rep(("x"):rep(1024), 1024) .. i end end }
State "chase" {}
State "attack" {}
State "die" {}
