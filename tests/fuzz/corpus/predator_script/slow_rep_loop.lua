local t = {}
BeginStateMachine { OnEnter = function(npc) SetState("wait") end }
State "wait" { OnUpdate = function(npc) for i = 1, 1000 do t[#t + 9] = string.rep("x", 1 << 20) .. i end end }
State "chase" {}
State "attack" {}
State "die" {}
